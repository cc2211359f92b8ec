/** Customers and partners that ordinary external mail goes to. */
export const customerDomains: readonly string[] = [
  'acmecorp.example',
  'initech.example',
  'umbrella-health.example',
  'hooli.example',
  'vandelay.example',
  'wayne-enterprises.example',
  'stark-industries.example',
  'tyrell.example',
  'soylent.example',
  'cyberdyne.example',
  'massive-dynamic.example',
  'oscorp.example',
];

/** Customer display names used in document titles. */
export const customerNames: readonly string[] = [
  'Acme Corp',
  'Initech',
  'Umbrella Health',
  'Hooli',
  'Vandelay',
  'Wayne Enterprises',
  'Stark Industries',
  'Tyrell',
  'Soylent',
  'Cyberdyne',
];

/** Product code names used in document titles. */
export const productNames: readonly string[] = [
  'Atlas',
  'Beacon',
  'Compass',
  'Harbor',
  'Lighthouse',
];

/** Consumer mail providers: mail sent there leaves the company's control. */
export const personalEmailDomains: readonly string[] = [
  'gmail.com',
  'outlook.com',
  'proton.me',
  'yahoo.com',
  'icloud.com',
];

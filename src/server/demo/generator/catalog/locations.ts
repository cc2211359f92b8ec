/** An office (or remote hub) with what the identity provider's geo-IP would report for it. */
export interface Location {
  readonly id: string;
  /** The label HR uses, e.g. `New York`. */
  readonly name: string;
  readonly city: string;
  readonly state: string;
  readonly country: string;
  readonly countryCode: string;
  readonly postalCode: string;
  readonly timezone: string;
  readonly lat: number;
  readonly lon: number;
  /** Egress addresses of the office network. */
  readonly officeIps: readonly string[];
  /** First two octets of consumer broadband addresses in the area (home working). */
  readonly homePrefix: string;
  readonly isp: string;
  readonly asNumber: number;
  /** Typical local working hours; employees vary around them. */
  readonly workStartHour: number;
  readonly workEndHour: number;
}

/**
 * Offices with weights for how many employees sit there. Office egress addresses come from the
 * documentation ranges (RFC 5737) so they never point at a real network.
 */
export const locations: readonly (readonly [Location, number])[] = [
  [
    {
      id: 'nyc',
      name: 'New York',
      city: 'New York',
      state: 'New York',
      country: 'United States',
      countryCode: 'US',
      postalCode: '10001',
      timezone: 'America/New_York',
      lat: 40.7506,
      lon: -73.9972,
      officeIps: ['198.51.100.10', '198.51.100.11'],
      homePrefix: '73.215',
      isp: 'Comcast Cable Communications, LLC',
      asNumber: 7922,
      workStartHour: 9,
      workEndHour: 17,
    },
    26,
  ],
  [
    {
      id: 'sfo',
      name: 'San Francisco',
      city: 'San Francisco',
      state: 'California',
      country: 'United States',
      countryCode: 'US',
      postalCode: '94105',
      timezone: 'America/Los_Angeles',
      lat: 37.7897,
      lon: -122.3972,
      officeIps: ['198.51.100.40', '198.51.100.41'],
      homePrefix: '76.102',
      isp: 'AT&T Services, Inc.',
      asNumber: 7018,
      workStartHour: 9,
      workEndHour: 18,
    },
    18,
  ],
  [
    {
      id: 'chi',
      name: 'Chicago',
      city: 'Chicago',
      state: 'Illinois',
      country: 'United States',
      countryCode: 'US',
      postalCode: '60606',
      timezone: 'America/Chicago',
      lat: 41.8827,
      lon: -87.6366,
      officeIps: ['198.51.100.70'],
      homePrefix: '24.14',
      isp: 'Charter Communications Inc',
      asNumber: 20115,
      workStartHour: 8,
      workEndHour: 17,
    },
    8,
  ],
  [
    {
      id: 'den',
      name: 'Remote - Denver',
      city: 'Denver',
      state: 'Colorado',
      country: 'United States',
      countryCode: 'US',
      postalCode: '80202',
      timezone: 'America/Denver',
      lat: 39.7525,
      lon: -104.9995,
      officeIps: ['198.51.100.90'],
      homePrefix: '67.176',
      isp: 'Comcast Cable Communications, LLC',
      asNumber: 7922,
      workStartHour: 8,
      workEndHour: 16,
    },
    4,
  ],
  [
    {
      id: 'tor',
      name: 'Toronto',
      city: 'Toronto',
      state: 'Ontario',
      country: 'Canada',
      countryCode: 'CA',
      postalCode: 'M5V',
      timezone: 'America/Toronto',
      lat: 43.6447,
      lon: -79.3957,
      officeIps: ['198.51.100.120'],
      homePrefix: '99.230',
      isp: 'Rogers Communications Canada Inc.',
      asNumber: 812,
      workStartHour: 9,
      workEndHour: 17,
    },
    6,
  ],
  [
    {
      id: 'lon',
      name: 'London',
      city: 'London',
      state: 'England',
      country: 'United Kingdom',
      countryCode: 'GB',
      postalCode: 'EC2A',
      timezone: 'Europe/London',
      lat: 51.5226,
      lon: -0.0837,
      officeIps: ['203.0.113.20', '203.0.113.21'],
      homePrefix: '86.150',
      isp: 'British Telecommunications PLC',
      asNumber: 2856,
      workStartHour: 9,
      workEndHour: 17,
    },
    14,
  ],
  [
    {
      id: 'ber',
      name: 'Berlin',
      city: 'Berlin',
      state: 'Land Berlin',
      country: 'Germany',
      countryCode: 'DE',
      postalCode: '10117',
      timezone: 'Europe/Berlin',
      lat: 52.5163,
      lon: 13.3889,
      officeIps: ['203.0.113.50'],
      homePrefix: '91.64',
      isp: 'Deutsche Telekom AG',
      asNumber: 3320,
      workStartHour: 9,
      workEndHour: 17,
    },
    7,
  ],
  [
    {
      id: 'blr',
      name: 'Bengaluru',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      countryCode: 'IN',
      postalCode: '560103',
      timezone: 'Asia/Kolkata',
      lat: 12.9279,
      lon: 77.6271,
      officeIps: ['203.0.113.80', '203.0.113.81'],
      homePrefix: '49.207',
      isp: 'Bharti Airtel Ltd.',
      asNumber: 9498,
      workStartHour: 10,
      workEndHour: 19,
    },
    11,
  ],
  [
    {
      id: 'sin',
      name: 'Singapore',
      city: 'Singapore',
      state: 'Central Singapore',
      country: 'Singapore',
      countryCode: 'SG',
      postalCode: '018989',
      timezone: 'Asia/Singapore',
      lat: 1.2789,
      lon: 103.8536,
      officeIps: ['203.0.113.110'],
      homePrefix: '116.86',
      isp: 'Singtel Fibre Broadband',
      asNumber: 9506,
      workStartHour: 9,
      workEndHour: 18,
    },
    3,
  ],
  [
    {
      id: 'syd',
      name: 'Sydney',
      city: 'Sydney',
      state: 'New South Wales',
      country: 'Australia',
      countryCode: 'AU',
      postalCode: '2000',
      timezone: 'Australia/Sydney',
      lat: -33.8651,
      lon: 151.2099,
      officeIps: ['203.0.113.140'],
      homePrefix: '101.175',
      isp: 'TPG Telecom Limited',
      asNumber: 7545,
      workStartHour: 8,
      workEndHour: 17,
    },
    3,
  ],
];

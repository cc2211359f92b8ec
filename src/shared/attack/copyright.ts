/**
 * MITRE's notice, which its terms of use require wherever the catalogue is shown or shipped
 * (the MITRE view, the Navigator export, this folder). Keep the wording.
 */
export const attackCopyright =
  '© 2025 The MITRE Corporation. This work is reproduced and distributed with the permission of The MITRE Corporation. MITRE ATT&CK® and ATT&CK® are registered trademarks of The MITRE Corporation.';

/** The ATT&CK release the catalogue was checked against. */
export const attackRelease = '18.1';

/** The ATT&CK major version a Navigator layer names in `versions.attack`. */
export const attackVersion = '18';

/** Where the licence terms are published. */
export const attackTermsUrl = 'https://attack.mitre.org/resources/legal-and-branding/terms-of-use/';

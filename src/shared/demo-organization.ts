/**
 * The demo organization `npm start` loads into an empty database. The generator numbers its
 * people the same way for every seed, so further generator runs on that database must use the
 * same seed and size; the log generator's form starts from these values.
 */
export const DEMO_ORGANIZATION = { seed: 7, employees: 200 } as const;

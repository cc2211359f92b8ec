import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format of a sealed value, so a later format can be told apart. */
const PREFIX = 'v1:';

/** Where the key comes from: the environment, or a file made on first start. */
export interface SecretKeySource {
  /** VIGIL_SECRET_KEY: 32 bytes as 64 hex digits or base64. */
  key: string | undefined;
  /** The key file used when no key is given; created with mode 0600 when absent. */
  keyFile: string;
}

/** Decryption failed: the key is not the one the secrets were sealed with, or they were altered. */
export class SecretUnreadable extends Error {
  override readonly name = 'SecretUnreadable';
}

/** The key VIGIL_SECRET_KEY names, or a sentence saying why it cannot be used. */
export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : null;
  if (key?.length !== KEY_BYTES) {
    throw new Error(
      'VIGIL_SECRET_KEY must be 32 bytes written as 64 hex digits or in base64 (for example: openssl rand -base64 32).',
    );
  }
  return key;
}

/**
 * Reads the key file, or creates it with a fresh random key (mode 0600). Two processes starting
 * together may race: the one whose exclusive create fails reads the winner's key.
 */
export function readOrCreateKeyFile(file: string): Buffer {
  try {
    return parseSecretKey(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseSecretKey(fs.readFileSync(file, 'utf8'));
  }
}

/**
 * Seals and opens collector credentials with AES-256-GCM. The key is loaded on first use (or by
 * `ready()` at start), so building the app for a test that stores no secret makes no file.
 */
export class SecretBox {
  private key: Buffer | null = null;

  constructor(private readonly source: SecretKeySource) {}

  /** Loads (or creates) the key now: the server calls it at start. */
  ready(): void {
    this.key ??= this.source.key
      ? parseSecretKey(this.source.key)
      : readOrCreateKeyFile(this.source.keyFile);
  }

  /** The JSON of `value`, encrypted: `v1:` and base64 of iv, tag and ciphertext. */
  seal(value: unknown): string {
    this.ready();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key!, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** What `seal` sealed; throws SecretUnreadable under another key or when altered. */
  open<T>(sealed: string): T {
    this.ready();
    try {
      if (!sealed.startsWith(PREFIX)) throw new Error('unknown format');
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key!, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as T;
    } catch {
      throw new SecretUnreadable(
        'The stored credentials cannot be decrypted with this server’s key (VIGIL_SECRET_KEY or its key file): enter them again, or restore the key file.',
      );
    }
  }
}

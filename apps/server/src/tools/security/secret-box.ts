import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals short secrets with AES-256-GCM. A sealed value names the key that sealed it
 * (`v1.<key id>.<iv>.<tag>.<ciphertext>`, base64url), so that keys can be rotated: the first key
 * seals, every key opens, and {@link SecretBox.isCurrent} says when a value should be sealed again.
 */
export type SecretBox = {
  seal(plain: string): string;
  /** The plain text, or null when no key opens it (an unknown key, an altered value). */
  open(sealed: string): string | null;
  /** True when the first (current) key sealed it. */
  isCurrent(sealed: string): boolean;
};

const VERSION = 'v1';

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

export function createSecretBox(keys: readonly Buffer[]): SecretBox {
  if (keys.length === 0 || keys.some((k) => k.length !== 32))
    throw new Error('createSecretBox: keys of 32 bytes are needed');
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const currentId = keyId(keys[0]);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys[0], iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, currentId, iv, tag, data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, id, iv, tag, data] = sealed.split('.');
      const key = byId.get(id ?? '');
      if (version !== VERSION || !key || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
    isCurrent(sealed) {
      return sealed.split('.')[1] === currentId;
    },
  };
}

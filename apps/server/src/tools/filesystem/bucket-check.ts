import { HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { createS3Client, type S3Settings } from './s3-storage';

/** How long the start waits for a bucket's answer before calling it unreachable. */
const CHECK_TIMEOUT_MS = 10_000;

/** What a bucket answered at start: `ok`, and one line for the log either way. */
export type BucketCheck = { ok: boolean; message: string };

/** The endpoint as it may be logged: no user, password or query that could hold a secret. */
export function endpointForLog(endpoint: string | undefined): string {
  if (!endpoint) return 'AWS';
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'an endpoint that is not an address';
  }
}

/** Why HeadBucket failed, in words; the bucket's own error name kept for whoever looks it up. */
function reasonOf(err: unknown): string {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    if (status === 404 || err.name === 'NoSuchBucket')
      return `there is no such bucket (${err.name}, HTTP 404)`;
    if (status === 403 || status === 401)
      return `it refused the access key (${err.name}, HTTP ${status}): check the key and its secret`;
    return `it answered ${err.name}${status ? `, HTTP ${status}` : ''}`;
  }
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError')
      return `no answer within ${CHECK_TIMEOUT_MS / 1000} s`;
    const code = (err as NodeJS.ErrnoException).code;
    return `it cannot be reached (${code ?? err.name}: ${err.message})`;
  }
  return String(err);
}

/**
 * Asks the bucket `settings` names whether it answers (HeadBucket). Never throws: a server
 * whose bucket is down still starts (records are served; files answer 503), so the answer is
 * only said in the log. The message names the setting, the bucket, the endpoint and what failed,
 * never a key or secret.
 */
export async function checkBucket(
  what: 'files' | 'backups',
  settings: S3Settings,
): Promise<BucketCheck> {
  const prefix = what === 'files' ? 'S3_' : 'BACKUPS_S3_';
  const place = `the ${what} bucket "${settings.bucket}" (${prefix}BUCKET) at ${endpointForLog(settings.endpoint)}`;
  const client = createS3Client(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return { ok: true, message: `${capital(place)} answers.` };
  } catch (err) {
    const after =
      what === 'files'
        ? 'The server starts anyway: records are served, but file uploads and downloads answer 503 until the bucket answers.'
        : 'The server starts anyway: records and files are served, but backups (made, listed, restored) fail until the bucket answers.';
    return { ok: false, message: `${capital(place)} does not answer: ${reasonOf(err)}. ${after}` };
  } finally {
    client.destroy();
  }
}

function capital(text: string): string {
  return text[0].toUpperCase() + text.slice(1);
}

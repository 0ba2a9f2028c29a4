import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { addValue, inferValue, removeSpooled, UNSUPPORTED } from '../routes/read-body';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where large uploaded files are written while a request is read (DATA_DIR/tmp/uploads). */
    uploadScratch: string | undefined;
  }
}

/** Largest JSON/form body; multipart record bodies may carry files up to the per-field limits. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Content-type parsers that never throw; problems surface when a route reads the body. */
export const bodyPlugin = fp(
  async (app: FastifyInstance, options: { uploadScratch?: string }) => {
    app.decorate('uploadScratch', options.uploadScratch);
    // A large upload's scratch file lives as long as its request (an aborted one: read-body.ts).
    // A callback hook, run on every request: nothing to wait for on the many without files.
    app.addHook('onResponse', (request, _reply, done) => {
      const removing = removeSpooled(request);
      if (removing) removing.then(() => done(), done);
      else done();
    });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (_req, text, done) => {
        const raw = String(text);
        if (raw.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(raw));
        } catch {
          done(null, { __invalid: true });
        }
      },
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (_req, text, done) => {
        const data: Record<string, unknown> = {};
        for (const [key, value] of new URLSearchParams(String(text)))
          addValue(data, key, inferValue(value));
        done(null, data);
      },
    );
    await app.register(multipart, {
      limits: {
        fileSize: MAX_BODY_BYTES,
        files: 200,
        fields: 2000,
        fieldSize: 8 * 1024 * 1024,
        parts: 2500,
      },
    });
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_req, buffer, done) => {
        done(null, (buffer as Buffer).length === 0 ? undefined : UNSUPPORTED);
      },
    );
  },
  { name: 'body' },
);

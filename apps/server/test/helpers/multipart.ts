/** A part of a multipart body: a text value, or a file with its name (and type). */
export type MultipartPart = string | { filename: string; data: Buffer; type?: string };

/**
 * A multipart body as a browser (or the SDK) would send it, ready for `app.inject`: the
 * encoded payload and its content-type header with the boundary. Files without a `type` get
 * `defaultType`.
 */
export async function multipart(
  parts: Array<[string, MultipartPart]>,
  defaultType = 'application/octet-stream',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([value.data], { type: value.type ?? defaultType }),
        value.filename,
      );
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A multipart/form-data body with one file, as a browser's FormData upload sends it. */
export function multipartFile(
  content: string | Buffer,
  filename = "tasks.txt",
  field = "file",
): { payload: Buffer; headers: { "content-type": string } } {
  const boundary = `----tasklane-test-${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

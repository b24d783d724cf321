// Uploads with progress: fetch() cannot report upload progress, XMLHttpRequest can.
export function uploadWithProgress<T>(url: string, body: Blob | FormData, opts: { headers?: Record<string, string>; onProgress?: (fraction: number) => void } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(new Error((parsed as { message?: string } | null)?.message ?? `The upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("The upload failed: the server could not be reached."));
    xhr.send(body);
  });
}

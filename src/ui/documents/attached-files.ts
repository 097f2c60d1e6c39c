// Files attached in the main composer, handed to /chatwithdoc, which uploads them and opens their document
// chat. Held in memory only: a reload of /chatwithdoc must not upload them a second time.
let attached: File[] = [];

export function attachFiles(files: File[]) {
  attached = files;
}

/** The attached files, once: the first reader takes them. */
export function takeAttachedFiles(): File[] {
  const files = attached;
  attached = [];
  return files;
}

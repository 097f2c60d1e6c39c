// An editor image: hashed in 1 MiB slices (md5), then sent to the object store with the presigned POST from
// the documents area (skipped when the store already has it); the image is served back by its md5.
import SparkMD5 from 'spark-md5';
import { DocumentPaths, HASH_CHUNK_BYTES, type PresignedPost, WritingPaths } from '../../api/contract';
import { request } from '../../api/http';

export async function md5OfFile(file: Blob): Promise<string> {
  const hash = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size; offset += HASH_CHUNK_BYTES) {
    hash.append(await file.slice(offset, offset + HASH_CHUNK_BYTES).arrayBuffer());
  }
  return hash.end();
}

export async function uploadImage(file: File): Promise<string> {
  const md5 = await md5OfFile(file);
  const post = await request<PresignedPost>('GET', DocumentPaths.getPresignedPost, {
    query: { md5 },
    suppressAlert: true,
  });
  if (!post.exists) {
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', file);
    // No Authorization header: the signed policy is the grant.
    const response = await fetch(post.url, { method: 'POST', body: form });
    if (!response.ok) throw new Error(`upload failed: HTTP ${response.status}`);
  }
  return `${WritingPaths.image}/${md5}`;
}

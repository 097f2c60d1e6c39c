// An editor image goes up like any other upload (md5 in the worker, presigned POST, or resumable parts for
// big files; skipped when the store already has it), then the server gives its address: the md5 with a key
// that only a holder of those bytes is handed, since an <img> cannot send the owner's token.
import { sendFile } from '../../api/uploads';
import { writingApi } from '../../api/writing';

export async function uploadImage(file: File): Promise<string> {
  const { md5 } = await sendFile(file);
  return (await writingApi.imageUrl(md5, { suppressAlert: true })).url;
}

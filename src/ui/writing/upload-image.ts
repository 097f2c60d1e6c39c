// An editor image goes up like any other upload (md5 in the worker, presigned POST, or resumable parts for
// big files; skipped when the store already has it) and is served back by its md5.
import { WritingPaths } from '../../../common/contract';
import { sendFile } from '../../api/uploads';

export async function uploadImage(file: File): Promise<string> {
  const { md5 } = await sendFile(file);
  return `${WritingPaths.image}/${md5}`;
}

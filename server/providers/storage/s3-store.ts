// S3-compatible storage (AWS, MinIO, Ceph, R2 ...): browser uploads go straight to the bucket with a
// presigned POST whose policy S3 enforces; resumable uploads go through Parley as S3 multipart parts.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import type { ObjectStore } from './object-store.js';

const isMissing = (sdk: typeof S3Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

export function createS3ObjectStore(config: S3Config): ObjectStore {
  // The SDK is loaded with the first use, not at start (the server's idle memory stays small).
  let loaded: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | null = null;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint ?? undefined,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Extra checksum headers are not understood by every S3-compatible server; md5 is checked by Parley.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = config.bucket;

  const head = async (key: string) => {
    const { sdk, client } = await s3();
    try {
      return await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  };
  const getStream = async (key: string): Promise<Readable> => {
    const { sdk, client } = await s3();
    const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
    return object.Body as Readable;
  };

  return {
    kind: 's3',
    bucket: Bucket,
    async presignPost({ key, maxBytes, contentTypes, expiresInSeconds, uploader }) {
      const [{ client }, { createPresignedPost }] = await Promise.all([
        s3(),
        import('@aws-sdk/s3-presigned-post'),
      ]);
      const single = contentTypes?.length === 1 ? contentTypes[0] : undefined;
      // Fields become conditions of the signed policy: S3 stores the uploader as the object's metadata.
      const uploaderField: Record<string, string> = uploader ? { 'x-amz-meta-uploader': uploader } : {};
      const post = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Expires: expiresInSeconds,
        Conditions: [
          ['content-length-range', 0, maxBytes],
          single ? ['eq', '$Content-Type', single] : ['starts-with', '$Content-Type', ''],
        ],
        Fields: { ...(single ? { 'Content-Type': single } : {}), ...uploaderField },
      });
      return { url: post.url, fields: post.fields };
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async getBytes(key) {
      const { sdk, client } = await s3();
      const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
    },
    getStream,
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async size(key) {
      return (await head(key))?.ContentLength ?? null;
    },
    async uploaderOf(key) {
      return (await head(key))?.Metadata?.uploader ?? null;
    },
    // S3 answers a delete of a missing key with success as well.
    async remove(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    multipart: {
      // Parts are joined under a staging key and copied to `key` only once the md5 is proven.
      async create(key, contentType) {
        const { sdk, client } = await s3();
        const nonce = crypto.randomBytes(8).toString('hex');
        const started = await client.send(
          new sdk.CreateMultipartUploadCommand({
            Bucket,
            Key: stagingKey(key, nonce),
            ContentType: contentType,
          }),
        );
        if (!started.UploadId) throw new Error('S3 did not start a multipart upload');
        return `${nonce}.${started.UploadId}`;
      },
      async putPart(key, id, partNumber, body) {
        const { sdk, client } = await s3();
        const { staging, uploadId } = parseId(key, id);
        const sent = await client.send(
          new sdk.UploadPartCommand({
            Bucket,
            Key: staging,
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: body,
            ContentMD5: crypto.createHash('md5').update(body).digest('base64'),
          }),
        );
        return sent.ETag ?? '';
      },
      async complete(key, id, parts, md5) {
        const { sdk, client } = await s3();
        const { staging, uploadId } = parseId(key, id);
        await client.send(
          new sdk.CompleteMultipartUploadCommand({
            Bucket,
            Key: staging,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: [...parts]
                .sort((a, b) => a.partNumber - b.partNumber)
                .map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
            },
          }),
        );
        const hash = crypto.createHash('md5');
        for await (const chunk of Readable.from(await getStream(staging))) hash.update(chunk as Buffer);
        const matches = hash.digest('hex') === md5;
        if (matches) {
          await client.send(
            new sdk.CopyObjectCommand({
              Bucket,
              Key: key,
              CopySource: `${Bucket}/${staging.split('/').map(encodeURIComponent).join('/')}`,
            }),
          );
        }
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: staging }));
        return matches;
      },
      async abort(key, id) {
        const { sdk, client } = await s3();
        const { staging, uploadId } = parseId(key, id);
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: staging, UploadId: uploadId }));
      },
    },
  };
}

// Each upload joins under its own staging key, so two uploads of the same file never meet.
const stagingKey = (key: string, nonce: string) => `staging/${key}.${nonce}`;

function parseId(key: string, id: string) {
  const cut = id.indexOf('.');
  return { staging: stagingKey(key, id.slice(0, cut)), uploadId: id.slice(cut + 1) };
}

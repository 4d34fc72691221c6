import { type FakeS3, startFakeS3 } from '../../../test/harness/fake-s3';
import { S3Client, S3Error } from './s3-client';

let fake: FakeS3;
let client: S3Client;
/** Only the hang test's client times out quickly: 300 ms on every call failed a PutObject on a loaded machine. */
let impatient: S3Client;
const clientWith = (timeoutMs: number) =>
  new S3Client({
    endpoint: fake.url,
    region: 'eu-central-1',
    bucket: fake.bucket,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
    timeoutMs,
  });
beforeAll(async () => {
  fake = await startFakeS3();
  client = clientWith(15_000);
  impatient = clientWith(300);
});
afterAll(() => fake?.close());
afterEach(() => fake.setMode('ok'));

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err as S3Error,
  );

describe('S3Client against a signature-checking fake', () => {
  it('puts and deletes objects, keys with characters S3 encodes included', async () => {
    for (const key of ['2026/01/ab12cd34-photo.png', "2026/01/ab12cd34-a b$c+d=(1)!'*~ä.png"]) {
      await client.putObject(key, Buffer.from('hello'), 'image/png');
      expect(fake.objects.get(key)).toEqual({ body: Buffer.from('hello'), contentType: 'image/png' });
      await client.deleteObject(key);
      expect(fake.objects.has(key)).toBe(false);
    }
    await client.deleteObject('2026/01/00000000-never-there.png');
  });

  it('reports status and S3 error code, never the message', async () => {
    fake.secretAccessKey = 'rotated';
    try {
      const err = await failure(client.putObject('2026/01/ab12cd34-x.png', Buffer.from('x'), 'image/png'));
      expect(err).toBeInstanceOf(S3Error);
      expect(err).toMatchObject({ call: 'PutObject', reason: 'status', status: 403, s3Code: 'SignatureDoesNotMatch' });
      expect(err?.message).toBe('PutObject failed (403)');
    } finally {
      fake.secretAccessKey = 'fake-secret-access-key';
    }
    await fake.setMode('fail');
    expect(await failure(client.deleteObject('2026/01/ab12cd34-x.png'))).toMatchObject({
      call: 'DeleteObject',
      status: 500,
      s3Code: 'InternalError',
    });
  });

  it('turns refused connections and silence into network and timeout errors', async () => {
    await fake.setMode('unreachable');
    expect(await failure(client.putObject('2026/01/ab12cd34-x.png', Buffer.from('x'), 'image/png'))).toMatchObject({
      reason: 'network',
      status: undefined,
    });
    await fake.setMode('hang');
    expect(await failure(impatient.deleteObject('2026/01/ab12cd34-x.png'))).toMatchObject({ reason: 'timeout' });
  });

  it('addresses the bucket path-style or virtual-hosted', () => {
    const opts = { region: 'us-east-1', bucket: 'media', accessKeyId: 'a', secretAccessKey: 'b' };
    expect(new S3Client({ ...opts, endpoint: 'http://minio:9000/', forcePathStyle: true }).bucketUrl()).toBe(
      'http://minio:9000/media',
    );
    expect(
      new S3Client({ ...opts, endpoint: 'https://s3.us-east-1.amazonaws.com', forcePathStyle: false }).bucketUrl(),
    ).toBe('https://media.s3.us-east-1.amazonaws.com');
    expect(new S3Client({ ...opts, endpoint: 'https://gw.example.com/s3', forcePathStyle: true }).bucketUrl()).toBe(
      'https://gw.example.com/s3/media',
    );
  });
});

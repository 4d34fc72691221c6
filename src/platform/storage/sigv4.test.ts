import { canonicalUri, EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from './sigv4';

// The examples of AWS's S3 page "Signature Calculations for the Authorization Header: Transferring Payload in a
// Single Chunk (AWS Signature Version 4)": virtual-hosted bucket `examplebucket`, the documentation's key pair.
const creds = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const now = new Date('2013-05-24T00:00:00Z');
const host = 'examplebucket.s3.amazonaws.com';

describe('SigV4 (AWS S3 documentation examples)', () => {
  it('GET Object: canonical request, string to sign, signature and Authorization header', () => {
    const signed = signRequest(
      { method: 'GET', host, path: '/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256 },
      creds,
      now,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers).toMatchObject({
      host,
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': EMPTY_SHA256,
      range: 'bytes=0-9',
    });
  });

  it('PUT Object: a key with `$`, a caller header and a signed payload', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest(
      {
        method: 'PUT',
        host,
        path: '/test$file.text',
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash,
      },
      creds,
      now,
    );
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.headers.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket Lifecycle and List Objects: canonical query strings', () => {
    const sign = (query: Record<string, string>) =>
      signRequest({ method: 'GET', host, path: '/', query, payloadHash: EMPTY_SHA256 }, creds, now);
    expect(sign({ lifecycle: '' }).signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
    const list = sign({ prefix: 'J', 'max-keys': '2' });
    expect(list.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J');
    expect(list.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('uriEncode', () => {
  it('keeps only unreserved characters, encodes UTF-8 bytes upper-case, and `/` only when asked', () => {
    expect(uriEncode("a b!'()*~._-", true)).toBe('a%20b%21%27%28%29%2A~._-');
    expect(uriEncode('ä/€', true)).toBe('%C3%A4%2F%E2%82%AC');
    expect(canonicalUri('/bucket/2026/01/ab12cd34-My-Photo.png')).toBe('/bucket/2026/01/ab12cd34-My-Photo.png');
    expect(canonicalUri('')).toBe('/');
  });
});

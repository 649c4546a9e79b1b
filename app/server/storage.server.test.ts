import { describe, expect, it } from "vitest";
import { isOwnImageUrl, localStorage, s3Storage, signV4 } from "./storage.server";

const HASH = "0123456789abcdef01234567";

const FOREIGN = [
  "javascript:alert(1)",
  `data:image/webp;base64,${HASH}`,
  "http://evil.example/x.webp",
  `http://evil.example/uploads/car-images/${HASH}.webp`,
  "//evil.example/x",
  `//evil.example/uploads/car-images/${HASH}.webp`,
  "/uploads/../../etc/passwd",
  `/uploads/car-images/../../${HASH}.webp`,
  "/api/files/upload",
  `/api/uploads/car-images/${HASH}.webp`,
  `/uploads/car-images/${HASH}.webp?x=1`,
  `/uploads/car-images/${HASH}.webp#top`,
  `/uploads/car-images/${HASH}.png`,
  `/uploads/car-images/${HASH.toUpperCase()}.webp`,
  `/uploads/car-images/${HASH}0.webp`,
  `/uploads/${HASH}.webp`,
  `/uploads/Car-Images/${HASH}.webp`,
  `/uploads/car-images/x/${HASH}.webp`,
  ` /uploads/car-images/${HASH}.webp`,
  "",
];

describe("isOwnImageUrl", () => {
  it("accepts only what local storage produces: /uploads/<bucket>/<hash>.webp and its card", () => {
    const storage = localStorage("/tmp/vt-own-url");
    expect(isOwnImageUrl(`/uploads/car-images/${HASH}.webp`, storage)).toBe(true);
    expect(isOwnImageUrl(`/uploads/car-images/${HASH}-card.webp`, storage)).toBe(true);
    expect(isOwnImageUrl(`/uploads/other-bucket/${HASH}.webp`, storage)).toBe(true);
    expect(isOwnImageUrl(storage.urlFor(`car-images/${HASH}.webp`), storage)).toBe(true);
    for (const url of FOREIGN) expect(isOwnImageUrl(url, storage), url).toBe(false);
    expect(isOwnImageUrl(undefined, storage)).toBe(false);
    expect(isOwnImageUrl({ url: `/uploads/car-images/${HASH}.webp` }, storage)).toBe(false);
  });

  it("accepts on S3 only the configured public base, or endpoint/bucket, followed by the same key shape", () => {
    const direct = s3Storage({ endpoint: "https://s3.example.com/", region: "eu-central-1", bucket: "vt", accessKeyId: "k", secretAccessKey: "s" });
    expect(isOwnImageUrl(`https://s3.example.com/vt/car-images/${HASH}.webp`, direct)).toBe(true);
    expect(isOwnImageUrl(`https://s3.example.com/vt/car-images/${HASH}-card.webp`, direct)).toBe(true);
    expect(isOwnImageUrl(`https://s3.example.com/other/car-images/${HASH}.webp`, direct)).toBe(false);
    expect(isOwnImageUrl(`https://s3.example.com.evil.example/vt/car-images/${HASH}.webp`, direct)).toBe(false);
    expect(isOwnImageUrl(`http://s3.example.com/vt/car-images/${HASH}.webp`, direct)).toBe(false);
    expect(isOwnImageUrl(`/uploads/car-images/${HASH}.webp`, direct)).toBe(false);
    expect(isOwnImageUrl(`https://s3.example.com/vt/car-images/${HASH}.webp?X-Amz-Signature=1`, direct)).toBe(false);
    expect(isOwnImageUrl(`https://s3.example.com/vt/../vt/car-images/${HASH}.webp`, direct)).toBe(false);
    for (const url of FOREIGN) expect(isOwnImageUrl(url, direct), url).toBe(false);

    const cdn = s3Storage({ endpoint: "https://s3.example.com", region: "eu-central-1", bucket: "vt", accessKeyId: "k", secretAccessKey: "s", publicUrl: "https://cdn.example.com/img/" });
    expect(isOwnImageUrl(`https://cdn.example.com/img/car-images/${HASH}.webp`, cdn)).toBe(true);
    expect(isOwnImageUrl(`https://s3.example.com/vt/car-images/${HASH}.webp`, cdn)).toBe(false);
    expect(isOwnImageUrl(`https://cdn.example.com/car-images/${HASH}.webp`, cdn)).toBe(false);
    expect(isOwnImageUrl(`https://cdn.example.com/img/car-images/${HASH}.webp#x`, cdn)).toBe(false);
  });
});

describe("signV4 (AWS Signature Version 4)", () => {
  // The "GET Object" example of AWS's S3 documentation (Signature Version 4, authorization header):
  // its canonical request, string to sign and signature, with AWS's example credentials.
  const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  const signed = signV4({
    method: "GET",
    url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
    headers: { Host: "examplebucket.s3.amazonaws.com", Range: "bytes=0-9", "x-amz-content-sha256": emptyHash, "x-amz-date": "20130524T000000Z" },
    amzDate: "20130524T000000Z",
    region: "us-east-1",
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  });

  it("builds AWS's canonical request and string to sign", () => {
    expect(signed.canonicalRequest).toBe(
      ["GET", "/test.txt", "", "host:examplebucket.s3.amazonaws.com", "range:bytes=0-9", `x-amz-content-sha256:${emptyHash}`, "x-amz-date:20130524T000000Z", "", "host;range;x-amz-content-sha256;x-amz-date", emptyHash].join("\n"),
    );
    expect(signed.stringToSign).toBe(
      ["AWS4-HMAC-SHA256", "20130524T000000Z", "20130524/us-east-1/s3/aws4_request", "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972"].join("\n"),
    );
  });

  it("gives AWS's published signature and Authorization header", () => {
    expect(signed.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

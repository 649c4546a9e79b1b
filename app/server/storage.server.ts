/**
 * Where images live: local disk under UPLOAD_DIR (served at /uploads) by default, or an
 * S3-compatible bucket when STORAGE=s3 (requests signed with AWS Signature V4; no SDK needed).
 */
import { createHash, createHmac } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import type { Env } from "./env.server";

export interface Storage {
  /** Which storage this is, for logs ("local disk /srv/uploads", "s3 https://…/bucket"); never a secret. */
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

function assertKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * A write to the storage failed (disk full, no permission, S3 down or answering 5xx): a problem on
 * our side, not the uploader's. `storage` names the storage, `cause` is the original error.
 */
export class StorageError extends Error {
  constructor(
    readonly storage: string,
    cause: unknown,
    /** Keys that were written before the failure, for the caller to remove. */
    readonly stored: string[] = [],
  ) {
    super(`storage ${storage} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "StorageError";
  }
}

/** The keys storeImage writes: `<bucket>/<24 hex digits>.webp` and its `-card.webp` variant. */
const IMAGE_KEY = /^[a-z0-9][a-z0-9-]{1,39}\/[0-9a-f]{24}(?:-card)?\.webp$/;

/**
 * Whether an image URL is one this storage produced: its public base (`/uploads/` on local disk,
 * S3_PUBLIC_URL or `{endpoint}/{bucket}/` on S3) followed by an image key of storeImage's shape.
 * Anything else (other hosts, `javascript:`/`data:`, `..`, query or fragment, other paths) is not.
 */
export function isOwnImageUrl(url: unknown, storage: Pick<Storage, "urlFor">): boolean {
  if (typeof url !== "string" || url.length > 500) return false;
  const base = storage.urlFor("");
  if (!url.startsWith(base)) return false;
  return IMAGE_KEY.test(url.slice(base.length));
}

export function localStorage(dir: string): Storage {
  const root = resolve(dir);
  const pathFor = (key: string) => {
    assertKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  };
  return {
    name: `local disk ${root}`,
    async put(key, body) {
      const path = pathFor(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
      return `/uploads/${key}`;
    },
    async remove(key) {
      await rm(pathFor(key), { force: true });
    },
    urlFor: (key) => `/uploads/${key}`,
  };
}

interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

export interface SignInput {
  method: string;
  url: URL;
  /** every header to sign, lower-case names (host and x-amz-content-sha256 included) */
  headers: Record<string, string>;
  /** the request's time as AWS writes it, e.g. 20130524T000000Z (also in headers["x-amz-date"]) */
  amzDate: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  service?: string;
}

/**
 * AWS Signature Version 4 for one request, as the S3 documentation describes it (checked against its
 * published example in storage.server.test.ts): the canonical request, the string to sign, the
 * signing key chain and the Authorization header.
 */
export function signV4(input: SignInput): { authorization: string; canonicalRequest: string; stringToSign: string } {
  const service = input.service ?? "s3";
  const names = Object.keys(input.headers).map((n) => n.toLowerCase()).sort();
  const value = (name: string) => Object.entries(input.headers).find(([n]) => n.toLowerCase() === name)![1].trim().replace(/\s+/g, " ");
  const canonicalRequest = [
    input.method,
    input.url.pathname.split("/").map((segment) => encodeURIComponent(decodeURIComponent(segment))).join("/"),
    "",
    names.map((n) => `${n}:${value(n)}\n`).join(""),
    names.join(";"),
    value("x-amz-content-sha256"),
  ].join("\n");
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", input.amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${names.join(";")},Signature=${signature}`,
    canonicalRequest,
    stringToSign,
  };
}

/** Path-style requests (`{endpoint}/{bucket}/{key}`) work with AWS, MinIO, R2 and others. */
export function s3Storage(config: S3Config): Storage {
  const endpoint = config.endpoint.replace(/\/+$/, "");
  async function send(method: "PUT" | "DELETE", key: string, body?: Buffer, contentType?: string) {
    assertKey(key);
    const url = new URL(`${endpoint}/${config.bucket}/${key}`);
    const now = new Date();
    const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, "");
    const payloadHash = sha256(body ?? "");
    const headers: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate,
      ...(contentType ? { "content-type": contentType } : {}),
      ...(method === "PUT" ? { "cache-control": "public, max-age=31536000, immutable" } : {}),
    };
    const { authorization } = signV4({
      method,
      url,
      headers,
      amzDate,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
    });
    const { host: _host, ...sent } = headers;
    const response = await fetch(url, {
      method,
      body: body ? new Uint8Array(body) : undefined,
      headers: {
        ...sent,
        authorization,
      },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok && !(method === "DELETE" && response.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed with ${response.status}`);
    }
  }
  const urlFor = (key: string) =>
    config.publicUrl ? `${config.publicUrl.replace(/\/+$/, "")}/${key}` : `${endpoint}/${config.bucket}/${key}`;
  return {
    name: `s3 ${endpoint}/${config.bucket}`,
    async put(key, body, contentType) {
      await send("PUT", key, body, contentType);
      return urlFor(key);
    },
    remove: (key) => send("DELETE", key),
    urlFor,
  };
}

export function storageFor(env: Env): Storage {
  if (env.STORAGE === "s3") {
    return s3Storage({
      endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return localStorage(env.UPLOAD_DIR);
}

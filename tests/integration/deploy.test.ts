/**
 * The deployment files (issue 28) as far as this machine can run them (no container runtime here):
 * - the Dockerfile is multi-stage, builds the native modules inside, runs as a non-root user with a
 *   health check; and the files its run stage copies out of the build, alone in a folder of their
 *   own, start the server with the image's own CMD and environment and answer /readyz;
 * - compose.yaml starts PostgreSQL and two app instances behind nginx, the instances trusting the
 *   one proxy (TRUST_PROXY=1) that passes the client's address, every service healthy-checked;
 * - the systemd unit passes `systemd-analyze verify` and runs the server as its own user.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freePort, startServer } from "../setup/server";

const ROOT = resolve(__dirname, "../..");
const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
/** The Dockerfile's instructions (continuation lines joined), comments left out. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));

describe("the Dockerfile", () => {
  const stages = instructions.filter((l) => l.startsWith("FROM "));
  const runStage = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));

  it("builds in one stage and runs from another, as a non-root user, with a health check", () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^FROM node:20-\S+ AS build$/);
    // the native modules are compiled in the build stage, against the image's own Node and libc
    expect(instructions.slice(0, instructions.indexOf(stages[1]!)).join("\n")).toMatch(/python3 make g\+\+[\s\S]*npm ci[\s\S]*npm run build/);
    expect(runStage.filter((l) => l.startsWith("USER "))).toEqual(["USER node"]);
    expect(runStage.some((l) => l.startsWith("HEALTHCHECK ") && l.includes("/readyz"))).toBe(true);
    expect(runStage.some((l) => l.startsWith("COPY . "))).toBe(false);
  });

  it("starts from the files its run stage copies, with its CMD and environment, and answers /readyz", { timeout: 300_000 }, async () => {
    // the build the image's build stage makes (startServer builds when stale)
    await (await startServer("sqlite")).stop();
    const copies = runStage.filter((l) => l.startsWith("COPY --from=build")).map((l) => l.split(/\s+/).at(-2)!.replace(/^\/app\//, ""));
    // assets: the receipts' font (issue 30)
    expect(copies.sort()).toEqual(["assets", "build", "node_modules", "package.json", "server.js"]);
    const image = mkdtempSync(join(tmpdir(), "vt-image-"));
    const data = mkdtempSync(join(tmpdir(), "vt-image-data-"));
    try {
      for (const path of copies) {
        if (path === "node_modules") symlinkSync(join(ROOT, "node_modules"), join(image, "node_modules"));
        else cpSync(join(ROOT, path), join(image, path), { recursive: true });
      }
      const env = Object.fromEntries(
        runStage
          .filter((l) => l.startsWith("ENV "))
          .flatMap((l) => [...l.slice(4).matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!.replace(/^\/data/, data)])),
      ) as Record<string, string>;
      const cmd = JSON.parse(runStage.find((l) => l.startsWith("CMD "))!.slice(4)) as string[];
      const port = await freePort();
      const child = spawn(cmd[0] === "node" ? process.execPath : cmd[0]!, cmd.slice(1), {
        cwd: image,
        env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: "image-session-secret-that-is-long-enough", WARM_UP: "0", ADMIN_EMAIL: "office@example.com", ADMIN_PASSWORD: "image-Secret-123" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      try {
        await expect
          .poll(async () => (child.exitCode === null ? await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0) : -1), { timeout: 120_000, interval: 250 })
          .toBe(200);
        expect(output).not.toMatch(/building|Build failed/i);
        // and the bundle needs no development package (the image keeps production ones only: npm prune --omit=dev)
        const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
        const bundle = readFileSync(join(image, "build/server/index.js"), "utf8");
        const packages = new Set([...bundle.matchAll(/(?:from|import\()\s*["']([^"'./][^"']*)["']/g)].map((m) => m[1]!).filter((s) => !s.startsWith("node:")).map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!)));
        expect([...packages].filter((name) => !(name in pkg.dependencies))).toEqual([]);
        expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      } finally {
        child.kill("SIGTERM");
        await new Promise((done) => child.once("exit", done));
      }
    } finally {
      rmSync(image, { recursive: true, force: true });
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe("compose.yaml", () => {
  const compose = parse(readFileSync(join(ROOT, "compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<string, { image?: string; build?: string; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: unknown; ports?: string[]; volumes?: string[] }>;
  };

  it("runs PostgreSQL and two app instances behind nginx, each instance trusting the one proxy", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app1", "app2", "postgres", "proxy"]);
    for (const name of ["app1", "app2"]) {
      const app = compose.services[name]!;
      expect(app.build).toBe(".");
      expect(app.environment).toMatchObject({ TRUST_PROXY: "1" });
      expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/vip:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/vip$/);
      expect(app.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
      expect(app.volumes).toContain("uploads:/data/uploads");
    }
    expect(compose.services.postgres!.healthcheck).toBeDefined();
    expect(compose.services.proxy!.depends_on).toEqual({ app1: { condition: "service_healthy" }, app2: { condition: "service_healthy" } });
    expect(compose.services.proxy!.ports).toEqual(["8080:80"]);
  });

  it("has nginx pass the client's address and scheme to both instances, and keep /metrics inside", () => {
    const nginx = readFileSync(join(ROOT, "deploy/nginx.conf"), "utf8");
    expect(nginx).toMatch(/server app1:3000/);
    expect(nginx).toMatch(/server app2:3000/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
    expect(nginx).toMatch(/location = \/metrics \{ return 404; \}/);
    // the back office's live stream goes through unbuffered, with the client's address like the rest (issue 31)
    const live = /location = \/admin\/events \{([^}]*)\}/.exec(nginx)?.[1] ?? "";
    expect(live).toMatch(/proxy_buffering off;/);
    expect(live).toMatch(/proxy_pass http:\/\/vip_transfer;/);
    expect(live).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    // every variable the compose file asks for is in its example .env
    const example = readFileSync(join(ROOT, "deploy/compose.env.example"), "utf8");
    for (const name of ["POSTGRES_PASSWORD", "SESSION_SECRET", "PUBLIC_URL"]) expect(example).toMatch(new RegExp(`^${name}=`, "m"));
  });
});

describe("the systemd unit", () => {
  const unit = readFileSync(join(ROOT, "deploy/vip-transfer.service"), "utf8");
  it("passes systemd-analyze verify and runs the built server as its own user, restarted on failure", () => {
    expect(() => execFileSync("systemd-analyze", ["verify", join(ROOT, "deploy/vip-transfer.service")], { stdio: "pipe" })).not.toThrow();
    expect(unit).toMatch(/^User=vip-transfer$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node server\.js --no-build$/m);
    expect(unit).toMatch(/^Environment=DATABASE_URL=file:\.\/data\/app\.db$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
  });
});


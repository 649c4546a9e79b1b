# The site as a container (issue 28): built in one stage, run from a slim one as the unprivileged
# `node` user. `docker build -t vip-transfer .`; compose.yaml runs two of it behind nginx.
# syntax=docker/dockerfile:1

# --- build: native modules (better-sqlite3, argon2, sharp) compiled here, for this image's Node and libc
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# --- run: the build, the production modules and the server; nothing of the sources
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/app.db \
    UPLOAD_DIR=/data/uploads
# tini reaps and forwards signals (a clean SIGTERM shutdown); pg_dump/pg_restore for backups
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/server.js ./server.js
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
# the receipts' font (issue 30)
COPY --from=build --chown=node:node /app/assets ./assets
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready only when the database takes a write (/readyz); the load balancer reads the same.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server.js", "--no-build"]

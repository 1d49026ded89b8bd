# syntax=docker/dockerfile:1
# Lodestone's production image: docs/production.md, docs/decisions/0056.
# Docker was not available where this file was written, so it has not been built there; what it runs
# (npm ci, npm run build, npm ci --omit=dev, node dist/server/main.js) was checked without Docker.
#
#   docker build -t lodestone .
#   docker run --env-file .env -p 3000:3000 --stop-timeout 30 lodestone
#
# Without DATABASE_URL the server starts its embedded PostgreSQL in DATA_DIR (a volume then); with
# several servers, give them one PostgreSQL (DATABASE_URL) and one S3 bucket (S3_*): compose.yaml.

ARG NODE_VERSION=20.20
# The npm the lock file was made with; node:20 images ship npm 10.
ARG NPM_VERSION=11.19.1

FROM node:${NODE_VERSION}-bookworm-slim AS build
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION} --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION} --no-audit --no-fund
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/lodestone
WORKDIR /app
# Runtime dependencies only: the compiled server needs no build tool, no tsx, no devDependency.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
COPY scripts/start.mjs ./scripts/start.mjs
RUN mkdir -p /var/lib/lodestone && chown node:node /var/lib/lodestone
VOLUME ["/var/lib/lodestone"]
USER node
EXPOSE 3000
# 200 once the database answers (GET /healthz); node's fetch, as the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests, lets running jobs finish and stops within SHUTDOWN_TIMEOUT (25 s): give
# the container more than that (docker run --stop-timeout 30, compose's stop_grace_period: 30s).
STOPSIGNAL SIGTERM
# node itself as PID 1, not npm (which would not pass SIGTERM on as promptly) nor a shell.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]

# One image, every wirebench app: `docker run wirebench:local <app>` (scripts/docker/entrypoint.js lists the names).
# docs/containers.md: building, running, health checks, the stack file.
#
#   docker build --network host -t wirebench:local .
#   docker build --network host --build-arg NODE_IMAGE=wirebench-base/node:24-bookworm-slim -t wirebench:local .
#
# NODE_IMAGE: the official image by default; where no registry is reachable, the stand-in that
# scripts/docker/build-base-image.sh builds (npm run docker:base).
ARG NODE_IMAGE=node:24-bookworm-slim
# EXTRA_CA_CERTS: PEM certificates npm must trust besides the image's own, for a registry reached through a
# TLS-intercepting proxy (npm run docker:build passes the machine's /usr/local/share/ca-certificates). Used only by
# `npm ci`; no file of it stays in the image (the value shows in `docker history`: certificates are public).
ARG EXTRA_CA_CERTS=""

FROM ${NODE_IMAGE} AS build
ARG EXTRA_CA_CERTS
WORKDIR /app
# The lock file alone first, so a source change reuses the installed dependencies' layer.
COPY package.json package-lock.json scripts/docker/npm-ci.sh ./
RUN sh npm-ci.sh
COPY . .
# The codecs' code is generated from proto/ (buf and pbjs come from the dev dependencies), then every app is built;
# what the runtime stage takes is gathered in one folder, so it is one COPY there (each step of a build costs a copy
# of the whole file system on a vfs daemon).
RUN npm run build && mkdir /image && cp -r dist proto scripts network-profiles.json /image/

FROM ${NODE_IMAGE} AS runtime
ARG EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json scripts/docker/npm-ci.sh ./
# Production dependencies only: what the built apps require at run time. Results and caches the apps write go under
# /app, owned by the user they run as.
RUN sh npm-ci.sh --omit=dev && rm npm-ci.sh && npm cache clean --force \
  && mkdir bench-results .cache && chown node:node bench-results .cache
# dist/, and what is found at run time: the proto files (located above dist/), the app registry, entry point and
# health check (scripts/), the network profiles the bench reads.
COPY --from=build /image/ ./
USER node
ENV NODE_ENV=production
# Servers listen on 127.0.0.1 unless JSON_SERVER_HOST / GRPC_SERVER_HOST / CLIENT_HOST say otherwise: with
# --network host that is the host's loopback (docs/containers.md: binding for other machines).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "/app/scripts/docker/healthcheck.js"]
ENTRYPOINT ["node", "/app/scripts/docker/entrypoint.js"]
CMD ["help"]

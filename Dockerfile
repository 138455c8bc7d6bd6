# Parlor game server. Build: docker build -t parlor .   Run: docker run -p 2567:2567 parlor
# The same steps run without Docker in test/container.test.ts (scripts/container-check.ts).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY rooms ./rooms
COPY schema ./schema
COPY client ./client
COPY web ./web
COPY scripts/resume-game.ts ./scripts/resume-game.ts
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=2567 \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 2567
# Asks /health at HOST (127.0.0.1 when HOST is every interface), on PORT: src/server/health-check.ts.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "dist/src/server/health-check.js"]
CMD ["node", "dist/src/server/main.js"]

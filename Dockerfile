# Production image: builds the client and generated code, then serves everything on port 8001.
FROM node:22-bookworm-slim
WORKDIR /app
# ffmpeg/ffprobe: video thumbnails (a frame of the video) and durations.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
EXPOSE 8001
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]

/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { schemaFreeCalls } from './build/schema-free-calls.js';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
/** The member site's entry in the build manifest; the back office (admin.html) is never precached. */
const MEMBER_ENTRY = 'index.html';
/** Static files of the offline page (apps/web/public), precached beside the app shell. */
const OFFLINE_FILES = ['offline.html', 'offline.js'];

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** The build's output folder, known once Vite has resolved its configuration (the CLI may change it). */
let outDir = fileURLToPath(new URL('dist', import.meta.url));
const captureOutDir: Plugin = {
  name: 'app:capture-out-dir',
  configResolved(config) {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

/**
 * The files of the member app shell: the member entry's script with everything it imports
 * statically, their styles and assets, and the offline page. Screens and catalogues loaded on
 * demand stay out (their hashed files are cached by the browser for a year once used): an install
 * then fetches about twenty files instead of two hundred, and nothing only the back office uses is
 * ever among them (e2e/admin-bundle.spec.ts, e2e/installable-app.spec.ts).
 */
function memberShellFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>(OFFLINE_FILES);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(MEMBER_ENTRY);
  return files;
}

/** Workbox manifest transform: keeps the member app shell's files of the globbed build output. */
const memberShellOnly: ManifestTransform = (entries) => {
  const shell = memberShellFiles();
  return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
};

/**
 * Puts the built pages' stylesheets before their scripts (docs/decisions/020): Vite writes the
 * entry's `<link rel="stylesheet">` after its script and its twenty-odd `modulepreload` links, so on
 * a connection that fetches a few files at once the style — which the first paint waits for — queued
 * behind the scripts. The order of the scripts themselves is unchanged.
 */
const stylesFirst: Plugin = {
  name: 'app:styles-first',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const styles = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
      const firstScript = html.search(/\s*<script type="module"|\s*<link rel="modulepreload"/);
      if (styles.length === 0 || firstScript < 0) return html;
      let rest = html;
      for (const style of styles) rest = rest.replace(style, '');
      return `${rest.slice(0, firstScript)}${styles.join('')}${rest.slice(firstScript)}`;
    },
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    captureOutDir,
    stylesFirst,
    schemaFreeCalls(),
    // The service worker (src/sw.ts) with Workbox precaching of the member app shell. The manifest is
    // served per site by the server (GET /manifest.webmanifest), so none is generated here; the page
    // registers the worker itself (src/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // A classic script: every browser with service workers runs it (module workers are newer).
        rollupFormat: 'iife',
        globPatterns: ['assets/**/*.{js,css,woff,woff2,png,svg,webp,jpg}', ...OFFLINE_FILES],
        manifestTransforms: [memberShellOnly],
      },
    }),
  ],
  server: {
    port: 5173,
    // Let the dev server read the shared catalogues in /locales (outside apps/web).
    fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/photos': { target: apiTarget, changeOrigin: false },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Two entries: the member site (index.html) and the back office (admin.html), each with its own
    // chunks; the manifest lets e2e/admin-bundle.spec.ts prove no back-office module
    // reaches a member's browser, and the service worker's precache keep to the member entry.
    manifest: true,
    // The member page lists no modulepreload links (docs/decisions/020): on a slow connection the
    // app's twenty-odd scripts then no longer take the bandwidth from the style and the first photos
    // of the server's snapshot, which paint first; the scripts follow their imports a round trip
    // later. Measured with Lighthouse on /members: first paint 2.1–2.6 s → 1.1 s, time to interactive
    // unchanged. Screens loaded on demand still preload their imports; the back office keeps its links.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' && hostId.endsWith('index.html') ? [] : deps,
    },
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        admin: fileURLToPath(new URL('admin.html', import.meta.url)),
        // The server-rendered public pages' script (issue: public site): Preact islands, no React.
        public: fileURLToPath(new URL('src/public-entry.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});

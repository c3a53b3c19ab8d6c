// Client build (hashed assets + manifest for the server) and SSR build of client/entry-server.tsx.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: false,
  build: isSsrBuild
    ? {
        ssr: "client/entry-server.tsx",
        outDir: "dist/server",
        emptyOutDir: true,
        target: "node24",
        rolldownOptions: { output: { entryFileNames: "entry-server.js" } },
      }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        target: "es2022",
        rolldownOptions: { input: "client/entry-client.tsx" },
      },
  ssr: { noExternal: [] },
}));

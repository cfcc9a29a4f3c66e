import { defineConfig } from 'drizzle-kit';

// vulndb's own migrations, for the CLI's PGlite knowledge base. The server generates its
// migrations from the same schema file (packages/server/src/db/schema/index.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});

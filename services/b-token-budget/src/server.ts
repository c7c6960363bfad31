import { runService } from '@dus/core';
import { createApp, SERVICE } from './app.js';
import { CatalogFileError, parseCatalogFile, readCatalogFile } from './domain/catalog-file.js';
import { useCatalog } from './domain/models.js';

// CATALOG_FILE replaces the built-in catalog; an unreadable or invalid file stops start-up with one line.
const catalogFile = process.env.CATALOG_FILE;
if (catalogFile) {
  try {
    useCatalog(parseCatalogFile(readCatalogFile(catalogFile)));
  } catch (error) {
    if (!(error instanceof CatalogFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

await runService({ ...SERVICE, createApp });

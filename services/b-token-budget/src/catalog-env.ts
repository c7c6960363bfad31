import { CatalogFileError, parseCatalogFile, readCatalogFile } from './domain/catalog-file.js';
import { useCatalog } from './domain/models.js';

/**
 * CATALOG_FILE replaces the built-in catalog (HTTP server and stdio alike); an unreadable or invalid
 * file stops start-up with one line on stderr.
 */
export function useCatalogFromEnv(): void {
  const catalogFile = process.env.CATALOG_FILE;
  if (!catalogFile) return;
  try {
    useCatalog(parseCatalogFile(readCatalogFile(catalogFile)));
  } catch (error) {
    if (!(error instanceof CatalogFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

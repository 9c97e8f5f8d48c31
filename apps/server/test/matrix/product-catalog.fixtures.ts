import {
  addDataType,
  addProduct,
  addSeries,
  dataTypeOptions,
  deleteDataType,
  deleteProduct,
  deleteSeries,
  getThingModel,
  listDataTypes,
  listProducts,
  listSeries,
  productById,
  publishThingModel,
  saveThingModelDraft,
  seriesOptions,
  updateDataType,
  updateProduct,
  updateSeries,
} from '@dcc/contract';
import type { FixtureModule } from './registry.ts';

/**
 * Series, data types, products and thing models: one catalog for the whole platform, owned by no
 * company, so no call addresses a record of another company. Who may change it (the level-0
 * company only) is tested in each module's tests (CATALOG_READ_ONLY).
 */
const PLATFORM_CATALOG =
  'the catalog is one for the whole platform: no record belongs to a company (writes: level 0 only, CATALOG_READ_ONLY tested per module)';

export const isolationFixtures: FixtureModule['isolationFixtures'] = [];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  listSeries,
  seriesOptions,
  addSeries,
  updateSeries,
  deleteSeries,
  listDataTypes,
  dataTypeOptions,
  addDataType,
  updateDataType,
  deleteDataType,
  listProducts,
  productById,
  addProduct,
  updateProduct,
  deleteProduct,
  getThingModel,
  saveThingModelDraft,
  publishThingModel,
].map((call) => ({ call, reason: PLATFORM_CATALOG }));

import * as endpoints from "#contract/endpoints.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { operation } from "#api/http/operation.ts";
import { findPackage, listAllPackages, listPackageVersions } from "#api/repositories/packages.ts";
import { createPackage, packageToState, reorderPackage, retirePackage, savePackage } from "#api/services/catalogue.ts";

/** The console's catalogue (docs/decisions/059). Its reads go to the primary: an edit form must show the version just saved. */

export const operatorPackageList = operation(endpoints.operatorPackageList, {
  readOnly: false,
  owner: "none",
  handle: async ({ env }, input) => ({ packages: (await listAllPackages(env.DB, input)).map(packageToState) }),
});

export const operatorPackageDetail = operation(endpoints.operatorPackageDetail, {
  readOnly: false,
  owner: "none",
  handle: async ({ env }, input) => {
    const [row, versions] = await Promise.all([findPackage(env.DB, input.packageId), listPackageVersions(env.DB, input.packageId)]);
    if (!row) throw new ApiError(Status.notFound, `package ${input.packageId} not found`);
    return { package: packageToState(row), versions: versions.map(packageToState) };
  },
});

export const operatorPackageCreate = operation(endpoints.operatorPackageCreate, {
  readOnly: false,
  owner: "none",
  handle: ({ env, operator }, draft) => createPackage(env.DB, operator, draft),
});

export const operatorPackageSave = operation(endpoints.operatorPackageSave, {
  readOnly: false,
  owner: "none",
  handle: ({ env, operator }, input) => savePackage(env.DB, operator, input),
});

export const operatorPackageRetire = operation(endpoints.operatorPackageRetire, {
  readOnly: false,
  owner: "none",
  handle: ({ env, operator }, input) => retirePackage(env.DB, operator, input),
});

export const operatorPackageReorder = operation(endpoints.operatorPackageReorder, {
  readOnly: false,
  owner: "none",
  handle: ({ env, operator }, input) => reorderPackage(env.DB, operator, input),
});

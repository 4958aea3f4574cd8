import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { campaignDetail, campaignPage, createCampaign, issueCoupons, revokeCoupon } from "#api/services/coupon-campaigns.ts";

export const couponCampaignList = operation(endpoints.couponCampaignList, {
  readOnly: true,
  owner: "none",
  handle: async ({ env }, input) => campaignPage(env.DB, input.before),
});

export const couponCampaignDetail = operation(endpoints.couponCampaignDetail, {
  readOnly: true,
  owner: "none",
  handle: async ({ env }, input) => campaignDetail(env.DB, input.campaignId, input.after),
});

export const couponCampaignCreate = operation(endpoints.couponCampaignCreate, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator }, input) => createCampaign(env.DB, operator, input),
});

export const couponCampaignIssue = operation(endpoints.couponCampaignIssue, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator }, input) => issueCoupons(env.DB, operator, input),
});

export const couponCampaignRevoke = operation(endpoints.couponCampaignRevoke, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator }, input) => revokeCoupon(env.DB, operator, input),
});

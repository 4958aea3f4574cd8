import { describe, expect, it } from "vitest";
import {
  DEFAULT_LAUNCH_STATE,
  setCountryCode,
  setDeviceId,
  setDeviceName,
  setDeviceType,
  setIccId,
  setLanguage,
  setSignature,
} from "./state.ts";
import { launchStateFrom } from "../launch/launch.ts";

const filled = { ...DEFAULT_LAUNCH_STATE, deviceId: "D1", deviceName: "Door", iccId: "8986", signature: "sig", countryCode: "US", language: "fr" as const };

describe("session state setters (product-rules §5)", () => {
  it("defaults to country CN, device type 1 and no language", () => {
    expect(DEFAULT_LAUNCH_STATE).toMatchObject({ countryCode: "CN", deviceType: 1, language: null, deviceId: "" });
  });

  it("stores an empty device id or name as the empty string", () => {
    for (const empty of [null, undefined, ""]) {
      expect(setDeviceId(filled, empty).deviceId).toBe("");
      expect(setDeviceName(filled, empty).deviceName).toBe("");
    }
  });

  it("ignores empty values for the other setters", () => {
    for (const empty of [null, undefined, ""]) {
      expect(setIccId(filled, empty).iccId).toBe("8986");
      expect(setSignature(filled, empty).signature).toBe("sig");
      expect(setCountryCode(filled, empty).countryCode).toBe("US");
      expect(setLanguage(filled, empty).language).toBe("fr");
    }
  });

  it("accepts device type 1-2 only", () => {
    expect(setDeviceType(filled, 2).deviceType).toBe(2);
    for (const bad of [0, 3, "2", null]) expect(setDeviceType(filled, bad).deviceType).toBe(1);
  });

  it("normalises country codes and detects languages", () => {
    expect(setCountryCode(filled, "cn").countryCode).toBe("CN");
    expect(setCountryCode(filled, "CHN").countryCode).toBe("US");
    expect(setLanguage(filled, "zh-CN").language).toBe("zh");
    expect(setLanguage(filled, "pt").language).toBe("zh");
  });
});

describe("launch state", () => {
  it("takes the payload and lets the query override language and country", () => {
    const state = launchStateFrom(
      { deviceId: "D1", deviceName: "Door", deviceType: 2, iccId: "8986", countryCode: "CN", language: "en", service_id: 501, codeId: "C" },
      new URLSearchParams("language=ar&countryCode=us"),
    );
    expect(state).toMatchObject({ deviceId: "D1", deviceType: 2, iccId: "8986", countryCode: "US", language: "ar", serviceId: 501, codeId: "C" });
  });

  it("keeps defaults for what the payload lacks", () => {
    expect(launchStateFrom({}, new URLSearchParams())).toEqual(DEFAULT_LAUNCH_STATE);
  });
});

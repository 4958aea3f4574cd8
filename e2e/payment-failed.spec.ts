import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

/** What the result page says of a failed payment and of its closed order, in the languages the issue names. */
const WORDS = {
  en: {
    failed: "Payment failed",
    failedBody: "The payment did not go through. This order cannot be paid again and closes by itself; to get the package, buy it again.",
    delay: "If you were charged, this may be a network delay: wait 15 minutes, then check the order.",
    closed: "Payment failed, order closed",
    closedBody: "This order is closed and cannot be paid any more. Money that still arrives for it is refunded. To get the package, buy it again.",
    openOrder: "Open the order",
    buyAgain: "Buy again",
  },
  zh: {
    failed: "支付失败",
    failedBody: "本次支付未成功。该订单无法再次支付，将自动关闭；如需该套餐，请重新购买。",
    delay: "如果您已被扣款，可能是网络延迟，请等待 15 分钟后查看订单。",
    closed: "支付失败，订单已关闭",
    closedBody: "该订单已关闭，无法再支付。之后仍到账的款项将退还给您。如需该套餐，请重新购买。",
    openOrder: "打开订单",
    buyAgain: "重新购买",
  },
  de: {
    failed: "Zahlung fehlgeschlagen",
    failedBody: "Die Zahlung wurde nicht ausgeführt. Diese Bestellung kann nicht erneut bezahlt werden und wird automatisch geschlossen; kaufen Sie das Paket erneut, um es zu erhalten.",
    delay: "Falls Ihnen Geld abgebucht wurde, kann das eine Netzwerkverzögerung sein: Warten Sie 15 Minuten und prüfen Sie dann die Bestellung.",
    closed: "Zahlung fehlgeschlagen, Bestellung geschlossen",
    closedBody: "Diese Bestellung ist geschlossen und kann nicht mehr bezahlt werden. Geld, das dafür noch eingeht, wird erstattet. Kaufen Sie das Paket erneut, um es zu erhalten.",
    openOrder: "Bestellung öffnen",
    buyAgain: "Erneut kaufen",
  },
  ar: {
    failed: "فشل الدفع",
    failedBody: "لم تتم عملية الدفع. لا يمكن دفع هذا الطلب مرة أخرى وسيُغلق تلقائيًا؛ للحصول على الباقة، اشترِها من جديد.",
    delay: "إذا خُصم منك المبلغ، فقد يكون هذا تأخيرًا في الشبكة: انتظر 15 دقيقة ثم تحقّق من الطلب.",
    closed: "فشل الدفع وأُغلق الطلب",
    closedBody: "هذا الطلب مغلق ولا يمكن دفعه بعد الآن. أي مبلغ يصل لاحقًا مقابله يُستردّ إليك. للحصول على الباقة، اشترِها من جديد.",
    openOrder: "فتح الطلب",
    buyAgain: "الشراء مرة أخرى",
  },
} as const;

/** From the 4G screen in English: the ¥9.90 package, Alipay, and the sandbox's checkout. */
async function startAlipay(page: Page) {
  await page.goto(await launchLink(DEMO_DEVICES.simSpare));
  await page.getByRole("link", { name: /5 GB for 7 days/ }).click();
  await expect(page.getByRole("link", { name: /5 GB for 7 days/ })).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "Pay", exact: true }).click();
  await page.getByRole("dialog", { name: "Choose a payment method" }).getByRole("button", { name: "Alipay" }).click();
  await expect(page.getByText("SANDBOX · no real money moves")).toBeVisible();
}

test("a failed payment says what is true of the order now, and what can be done, in every language; once closed it says that (issue 31)", async ({ page }) => {
  await startAlipay(page);
  await page.getByRole("button", { name: "Fail the payment" }).click();
  await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
  const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
  const result = async (language: string) => page.goto(await launchLink(DEMO_DEVICES.simSpare, { screen: "cloud/order/payment/result", language, query: { orderId } }));

  // 8004: no Repay, a late success from the provider still completes it until it closes.
  for (const [language, words] of Object.entries(WORDS)) {
    await result(language);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.failed);
    await expect(page.getByText(words.failedBody)).toBeVisible();
    await expect(page.getByText(words.delay)).toBeVisible();
    await expect(page.getByRole("link", { name: words.openOrder })).toHaveAttribute("href", `/app-h5/cloud/order/detail?orderId=${orderId}`);
    await expect(page.getByRole("link", { name: words.buyAgain })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/buy?package=5");
  }

  // Buying the same package again closes that order (8015): nothing about it can change any more.
  await startAlipay(page);
  for (const [language, words] of Object.entries(WORDS)) {
    await result(language);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.closed);
    await expect(page.getByText(words.closedBody)).toBeVisible();
    await expect(page.getByText(words.delay)).toHaveCount(0);
    await expect(page.getByRole("link", { name: words.openOrder })).toHaveCount(0);
    await expect(page.getByRole("link", { name: words.buyAgain })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/buy?package=5");
  }
});

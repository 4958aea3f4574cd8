/**
 * Browser scripts of the sandbox provider, served as JavaScript. Each derives the sandbox's origin from
 * its own `src`, so it works at the cloud-api's origin and, forwarded, at the storefront's.
 */

/**
 * Enough of the PayPal JS SDK for @paypal/react-paypal-js: `paypal.Buttons(options)` with isEligible,
 * render, close and updateProps. A click runs onClick and createOrder, then an in-page approval sheet:
 * Pay approves (the cloud-api captures on the approval notification) and calls onApprove, whose
 * `actions.order.capture()` is also available; Fail calls onError; Cancel calls onCancel.
 */
export const PAYPAL_SDK = String.raw`(function () {
  "use strict";
  var origin = new URL(document.currentScript.src).origin;
  function call(orderID, step) {
    return fetch(origin + "/sandbox/paypal/v2/checkout/orders/" + encodeURIComponent(orderID) + (step ? "/" + step : ""), {
      method: step ? "POST" : "GET",
    }).then(function (response) {
      if (!response.ok) throw new Error("PayPal sandbox: " + (step || "get") + " failed (" + response.status + ")");
      return response.json();
    });
  }
  function sheet(order) {
    return new Promise(function (resolve) {
      var backdrop = document.createElement("div");
      backdrop.setAttribute("role", "dialog");
      backdrop.setAttribute("aria-modal", "true");
      backdrop.setAttribute("aria-label", "PayPal sandbox");
      backdrop.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:flex-end;justify-content:center;font:16px system-ui,sans-serif";
      var panel = document.createElement("div");
      panel.style.cssText = "background:#fff;color:#111;width:100%;max-width:28rem;border-radius:12px 12px 0 0;padding:16px";
      var unit = order.purchase_units[0];
      panel.innerHTML = '<p style="margin:0 0 4px;font-weight:700;color:#7c2d12">PayPal SANDBOX · no real money moves</p>';
      var amount = document.createElement("p");
      amount.style.cssText = "font-size:28px;font-weight:700;margin:8px 0";
      amount.textContent = unit.amount.currency_code + " " + unit.amount.value;
      var what = document.createElement("p");
      what.textContent = unit.description;
      panel.appendChild(amount);
      panel.appendChild(what);
      [["pay", "Pay with PayPal", "#ffc439", "#111"], ["fail", "Fail the payment", "#b91c1c", "#fff"], ["cancel", "Cancel", "#e5e7eb", "#111"]].forEach(function (choice) {
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = choice[1];
        button.style.cssText = "display:block;width:100%;min-height:48px;margin-top:8px;border:0;border-radius:24px;font:inherit;font-weight:600;background:" + choice[2] + ";color:" + choice[3];
        button.addEventListener("click", function () {
          backdrop.remove();
          resolve(choice[0]);
        });
        panel.appendChild(button);
      });
      backdrop.appendChild(panel);
      document.body.appendChild(backdrop);
      panel.querySelector("button").focus();
    });
  }
  function Buttons(options) {
    options = options || {};
    var button = null;
    function fail(error) {
      if (options.onError) options.onError(error);
    }
    function start() {
      Promise.resolve(options.onClick ? options.onClick({ fundingSource: "paypal" }, { resolve: function () {}, reject: function () {} }) : undefined)
        .then(function (allowed) {
          if (allowed === false) return;
          return Promise.resolve(options.createOrder ? options.createOrder({ paymentSource: "paypal" }, {}) : Promise.reject(new Error("PayPal sandbox: createOrder is required")))
            .then(function (orderID) {
              if (!orderID) throw new Error("PayPal sandbox: createOrder gave no order id");
              return call(orderID).then(sheet).then(function (choice) {
                if (choice === "cancel") return call(orderID, "cancel").then(function () { if (options.onCancel) options.onCancel({ orderID: orderID }); });
                if (choice === "fail") return call(orderID, "fail").then(function () { throw new Error("PayPal sandbox: the payment failed"); });
                return call(orderID, "approve").then(function () {
                  var actions = {
                    order: { capture: function () { return call(orderID, "capture"); }, get: function () { return call(orderID); } },
                    redirect: function (url) { location.assign(url); },
                    restart: function () { return Promise.resolve(); },
                  };
                  if (options.onApprove) return options.onApprove({ orderID: orderID, payerID: "SANDBOXPAYER", paymentID: null, facilitatorAccessToken: "sandbox" }, actions);
                });
              });
            });
        })
        .catch(fail);
    }
    return {
      isEligible: function () { return true; },
      render: function (container) {
        var target = typeof container === "string" ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error("PayPal sandbox: the container to render into was not found"));
        button = document.createElement("button");
        button.type = "button";
        button.textContent = "PayPal · sandbox";
        button.setAttribute("aria-label", "Pay with PayPal (sandbox)");
        button.style.cssText = "display:block;width:100%;min-height:48px;border:0;border-radius:24px;background:#ffc439;color:#111;font:600 16px system-ui,sans-serif;cursor:pointer";
        button.addEventListener("click", start);
        target.appendChild(button);
        if (options.onInit) options.onInit({}, { enable: function () { return Promise.resolve(); }, disable: function () { return Promise.resolve(); } });
        return Promise.resolve();
      },
      close: function () {
        if (button) button.remove();
        button = null;
        return Promise.resolve();
      },
      updateProps: function (props) {
        Object.assign(options, props);
        return Promise.resolve();
      },
    };
  }
  window.paypal = {
    version: "5.0.0-sandbox",
    FUNDING: { PAYPAL: "paypal", CARD: "card", CREDIT: "credit", PAYLATER: "paylater", VENMO: "venmo" },
    Buttons: Buttons,
  };
})();
`;

/**
 * Enough of Stripe.js v3 for an embedded Checkout Session: `Stripe(key).createEmbeddedCheckoutPage({
 * clientSecret | fetchClientSecret, onComplete })` (formerly initEmbeddedCheckout) mounts the sandbox checkout in an iframe and calls
 * onComplete when it is paid; `redirectToCheckout({ sessionId })` opens it full page. A missing
 * argument fails with "Missing argument", as Stripe.js does while the session is not ready.
 */
export const STRIPE_JS = String.raw`(function () {
  "use strict";
  var origin = new URL(document.currentScript.src).origin;
  var checkoutUrl = function (sessionId) {
    return origin + "/sandbox/stripe/checkout/" + encodeURIComponent(String(sessionId).split("_secret_")[0]);
  };
  function embeddedCheckout(options) {
    options = options || {};
    var secret = options.clientSecret
      ? Promise.resolve(options.clientSecret)
      : options.fetchClientSecret
        ? Promise.resolve().then(options.fetchClientSecret)
        : Promise.reject(new Error("IntegrationError: Missing argument: clientSecret or fetchClientSecret"));
    return secret.then(function (clientSecret) {
      if (!clientSecret) throw new Error("IntegrationError: Missing argument: clientSecret");
      var frame = null;
      function listen(event) {
        if (event.origin !== origin || !event.data || event.data.type !== "camcloud-sandbox-checkout") return;
        if (event.data.outcome === "pay" && options.onComplete) options.onComplete();
      }
      return {
        mount: function (target) {
          var element = typeof target === "string" ? document.querySelector(target) : target;
          if (!element) throw new Error("IntegrationError: Missing argument: a mount target");
          frame = document.createElement("iframe");
          frame.src = checkoutUrl(clientSecret) + "?embedded=1";
          frame.title = "Card payment (sandbox)";
          frame.style.cssText = "display:block;width:100%;height:640px;border:0";
          element.appendChild(frame);
          window.addEventListener("message", listen);
        },
        unmount: function () {
          if (frame) frame.remove();
          frame = null;
        },
        destroy: function () {
          this.unmount();
          window.removeEventListener("message", listen);
        },
      };
    });
  }
  function Stripe(publishableKey) {
    if (!publishableKey) throw new Error("IntegrationError: Missing argument: publishable key");
    return {
      createEmbeddedCheckoutPage: embeddedCheckout,
      initEmbeddedCheckout: embeddedCheckout,
      redirectToCheckout: function (options) {
        if (!options || !options.sessionId) return Promise.resolve({ error: { message: "IntegrationError: Missing argument: sessionId" } });
        location.assign(checkoutUrl(options.sessionId));
        return new Promise(function () {});
      },
    };
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
`;

/** The embedded card checkout's last page tells the page around it (on this origin) how it ended. */
export const EMBEDDED_RESULT_JS = `parent.postMessage({ type: "camcloud-sandbox-checkout", outcome: document.currentScript.dataset.outcome }, location.origin);
`;

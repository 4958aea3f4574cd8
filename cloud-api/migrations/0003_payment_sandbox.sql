-- What a payment attempt told the buyer to do (h5PaymentUrl, alipayForm, payPalOrderId or sessionId),
-- kept so that the pay order info call can answer it again.
ALTER TABLE payments ADD COLUMN instructions TEXT NOT NULL DEFAULT '{}';

-- The sandbox payment provider's own ledger: what a real provider would hold on its side. The
-- cloud-api reads it only through the sandbox adapter, as it would call a provider's API.
CREATE TABLE sandbox_payments (
  ref TEXT PRIMARY KEY,
  method TEXT NOT NULL CHECK (method IN ('wechat', 'alipay', 'paypal', 'stripe')),
  merchant_order_id TEXT NOT NULL,
  description TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency_code TEXT NOT NULL,
  return_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'approved', 'paid', 'failed', 'cancelled', 'refunded')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX sandbox_payments_by_order ON sandbox_payments(merchant_order_id);

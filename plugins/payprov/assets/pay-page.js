/* The pay page's glue: completes the payment link once the component reports success. */
(() => {
  const form = document.querySelector('payprov-payment');
  const status = document.getElementById('payprov-status');
  const say = (text) => (status.textContent = text);
  form.addEventListener('payment-error', (e) => say(e.detail.message));
  form.addEventListener('payment-success', async (e) => {
    say('Payment authorized; placing your order…');
    const csrf = document.cookie.match(/(?:^|; )csrf_token=([^;]*)/);
    const response = await fetch(form.dataset.completeUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...(csrf && { 'X-CSRF-Token': csrf[1] }) },
      body: JSON.stringify({ payment_intent_id: e.detail.paymentIntentId }),
    });
    const body = await response.json().catch(() => ({}));
    // The order number is what the buyer can quote (the id means nothing to them).
    if (response.ok) say(`Thank you! Your order ${body.data.order_number} is placed.`);
    else say((body.errors && body.errors[0] && body.errors[0].detail) || 'checkout failed');
  });
})();

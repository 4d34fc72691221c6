/*
 * <payprov-payment>: the payprov card form as a web component. It renders in light DOM, because the provider's
 * card element cannot mount inside a shadow root. Attributes: publishable-key, client-secret, button-label.
 * Events (bubbling, composed): `payment-success` { paymentIntentId }, `payment-error` { message }.
 */
(() => {
  class PayprovPayment extends HTMLElement {
    connectedCallback() {
      if (this.mounted) return;
      this.mounted = true;
      const emit = (type, detail) =>
        this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
      if (typeof window.Stripe !== 'function') {
        emit('payment-error', { message: 'the payment form could not be loaded' });
        return;
      }
      const stripe = window.Stripe(this.getAttribute('publishable-key'));
      const elements = stripe.elements({ clientSecret: this.getAttribute('client-secret') });
      const holder = document.createElement('div');
      holder.className = 'payprov-element';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = this.getAttribute('button-label') || 'Pay';
      this.append(holder, button);
      elements.create('payment').mount(holder);
      button.addEventListener('click', async () => {
        button.disabled = true;
        try {
          const result = await stripe.confirmPayment({ elements, redirect: 'if_required' });
          if (result.error) emit('payment-error', { message: result.error.message || 'the payment failed' });
          else emit('payment-success', { paymentIntentId: result.paymentIntent.id });
        } catch (err) {
          emit('payment-error', { message: (err && err.message) || 'the payment failed' });
        } finally {
          button.disabled = false;
        }
      });
    }
  }
  if (!customElements.get('payprov-payment')) customElements.define('payprov-payment', PayprovPayment);
})();

// payprov's admin extension (slot admin:order:detail): the order's card payments as the provider has them, and
// its payment links with their status. Plain JavaScript, no build step: the admin loads this file at run time
// with its SRI hash and the page's CSP nonce, sets `gql` (the signed-in staff member's GraphQL client) and the
// `entity-id` attribute (the order id), then mounts the element. It renders in light DOM so the admin's focus
// styles and axe checks see it; it only reads (the order screen has the payment actions).
(function () {
  'use strict';
  var QUERY =
    'query PayprovOrderPanel($orderId: UUID!) { payprovOrderPayments(orderId: $orderId) { ' +
    'payments { paymentIntentId status providerStatus amount currency amountRefunded } ' +
    'links { id status amount currency expiresAt } } }';

  function money(cents, currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
        cents / 100,
      );
    } catch {
      return (cents / 100).toFixed(2) + ' ' + currency;
    }
  }

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text != null) node.textContent = String(text);
    for (var key in attrs || {}) node.setAttribute(key, attrs[key]);
    return node;
  }

  function table(caption, headers, rows) {
    var t = el('table', null, { style: 'border-collapse:collapse;font-size:0.875rem;width:100%' });
    t.appendChild(el('caption', caption, { style: 'text-align:left;font-weight:600;padding:0.25rem 0' }));
    var head = el('tr');
    headers.forEach(function (h) {
      head.appendChild(el('th', h, { scope: 'col', style: 'text-align:left;padding:0.25rem 0.5rem 0.25rem 0' }));
    });
    t.appendChild(el('thead')).appendChild(head);
    var body = t.appendChild(el('tbody'));
    rows.forEach(function (cells) {
      var tr = body.appendChild(el('tr'));
      cells.forEach(function (cell) {
        tr.appendChild(el('td', cell, { style: 'padding:0.25rem 0.5rem 0.25rem 0' }));
      });
    });
    return t;
  }

  class PayprovOrderPanel extends HTMLElement {
    static get observedAttributes() {
      return ['entity-id'];
    }

    connectedCallback() {
      this._refresh = this.load.bind(this);
      this.addEventListener('svc-refresh', this._refresh);
      this.load();
    }

    disconnectedCallback() {
      this.removeEventListener('svc-refresh', this._refresh);
    }

    attributeChangedCallback(_name, before, after) {
      if (this.isConnected && before !== null && before !== after) this.load();
    }

    load() {
      var orderId = this.getAttribute('entity-id');
      if (!orderId || typeof this.gql !== 'function') return this.show('The payment panel has no order to show.');
      var self = this;
      var ticket = (this._ticket = (this._ticket || 0) + 1);
      this.setAttribute('aria-busy', 'true');
      this.gql(QUERY, { orderId: orderId }).then(
        function (data) {
          if (ticket === self._ticket) self.render(data.payprovOrderPayments);
        },
        function (err) {
          if (ticket === self._ticket) self.show('Card payments could not be loaded: ' + (err && err.message));
        },
      );
    }

    show(message) {
      this.removeAttribute('aria-busy');
      this.replaceChildren(el('p', message, { role: 'status' }));
    }

    render(view) {
      this.removeAttribute('aria-busy');
      var wrap = el('div', null, { 'data-testid': 'payprov-order-panel' });
      wrap.appendChild(el('p', 'Card payments at the provider (payprov).', { style: 'font-size:0.875rem' }));
      wrap.appendChild(
        view.payments.length
          ? table(
              'Provider payments',
              ['Payment', 'Status', 'At the provider', 'Amount', 'Refunded'],
              view.payments.map(function (p) {
                return [
                  p.paymentIntentId,
                  // GraphQL's enum values (PENDING) read as words.
                  p.status.toLowerCase(),
                  p.providerStatus || 'unknown',
                  money(p.amount, p.currency),
                  money(p.amountRefunded, p.currency),
                ];
              }),
            )
          : el('p', 'No card payment yet.'),
      );
      wrap.appendChild(
        view.links.length
          ? table(
              'Payment links',
              ['Link status', 'Amount', 'Expires'],
              view.links.map(function (l) {
                return [l.status.toLowerCase(), money(l.amount, l.currency), new Date(l.expiresAt).toLocaleString()];
              }),
            )
          : el('p', 'No payment link.'),
      );
      var refresh = el('button', 'Refresh payments', { type: 'button', style: 'margin-top:0.5rem' });
      refresh.addEventListener('click', this.load.bind(this));
      wrap.appendChild(refresh);
      this.replaceChildren(wrap);
    }
  }

  if (!customElements.get('payprov-order-panel')) customElements.define('payprov-order-panel', PayprovOrderPanel);
})();

import { useEffect, useRef, useState } from 'react';
import { useSubmit } from 'react-router';

import type { Messages } from '../lib/messages';

export interface PaymentComponentProps {
  /** The provider's script (window.Stripe or the local double's), loaded first. */
  providerScript: string;
  /** The plugin's component: its tag and script with the integrity hash the plugin declared. */
  component: { tagName: string; scriptUrl: string; integrity: string };
  publishableKey: string;
  clientSecret: string;
  t: Messages;
}

const loaded = new Map<string, Promise<void>>();

/** Adds a script once per page; resolves when it has run. */
function loadScript(src: string, integrity?: string): Promise<void> {
  let done = loaded.get(src);
  if (!done) {
    done = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      if (integrity) {
        script.integrity = integrity;
        script.crossOrigin = 'anonymous';
      }
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${src} could not be loaded`));
      document.head.append(script);
    });
    loaded.set(src, done);
  }
  return done;
}

/**
 * The payment plugin's web component (slot `storefront:checkout:payment`), mounted once its scripts have run. When
 * it reports the card authorised, the page's form is posted with the intent's id and the order is placed.
 */
export function PaymentComponent({
  providerScript,
  component,
  publishableKey,
  clientSecret,
  t,
}: PaymentComponentProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState(t.paymentLoading);
  const submit = useSubmit();
  useEffect(() => {
    let element: HTMLElement | undefined;
    const onSuccess = (e: Event) => {
      setStatus(t.placingOrder);
      const { paymentIntentId } = (e as CustomEvent<{ paymentIntentId: string }>).detail;
      void submit({ paymentIntentId }, { method: 'post' });
    };
    const onError = (e: Event) => setStatus((e as CustomEvent<{ message: string }>).detail.message || t.paymentFailed);
    loadScript(providerScript)
      .then(() => loadScript(component.scriptUrl, component.integrity))
      .then(() => {
        if (!holder.current) return;
        element = document.createElement(component.tagName);
        element.setAttribute('publishable-key', publishableKey);
        element.setAttribute('client-secret', clientSecret);
        element.setAttribute('button-label', t.pay);
        element.addEventListener('payment-success', onSuccess);
        element.addEventListener('payment-error', onError);
        holder.current.append(element);
        setStatus('');
      })
      .catch(() => setStatus(t.paymentFailed));
    return () => element?.remove();
  }, [providerScript, component, publishableKey, clientSecret, submit, t]);
  return (
    <>
      <div ref={holder} className="payment-component flex flex-col gap-3" />
      <p role="status" className="mt-3">
        {status}
      </p>
    </>
  );
}

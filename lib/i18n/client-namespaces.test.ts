import { describe, expect, it } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { HOME_NAMESPACES, pickNamespaces } from './client-namespaces';

const messages = { Brand: { name: 'Portal' }, Home: { title: 'Apply', apply: { title: 'Ready?', body: 'Start' }, readFaqs: 'FAQs' }, Faqs: { title: 'Questions' } };

describe('pickNamespaces', () => {
  it('sends whole namespaces, and only the named keys of a namespace named with a key', () => {
    expect(pickNamespaces(messages, ['Brand', 'Home.apply', 'Home.readFaqs'])).toEqual({ Brand: { name: 'Portal' }, Home: { apply: { title: 'Ready?', body: 'Start' }, readFaqs: 'FAQs' } });
  });

  it('leaves out what the messages do not have', () => {
    expect(pickNamespaces(messages, ['Missing', 'Home.missing', 'Faqs'])).toEqual({ Faqs: { title: 'Questions' } });
  });

  it('every key the home page sends to the browser exists in both languages', () => {
    for (const all of [en, ar] as Record<string, unknown>[]) {
      const picked = pickNamespaces(all, HOME_NAMESPACES);
      for (const name of HOME_NAMESPACES) {
        const [namespace, key] = name.split('.');
        const value = (picked[namespace!] as Record<string, unknown>)[key ?? ''] ?? picked[namespace!];
        expect(value, name).toBeDefined();
      }
      // The server-rendered parts of the home page stay on the server.
      expect(Object.keys(picked.Home as object)).not.toContain('services');
    }
  });
});

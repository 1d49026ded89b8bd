import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailToolLists, EmailToolProvider, EmailToolsSettings, FormEmailTools } from '@/domain/email-tools';
import { apiFetch } from '@/web/lib/api';

/** Client side of the email-tools API (contract in src/domain/email-tools.ts). */

export const emailToolKeys = {
  settings: ['email-tools', 'settings'] as const,
  lists: (provider: EmailToolProvider) => ['email-tools', 'lists', provider] as const,
  // Under 'forms', so whatever refreshes a form's data refreshes this too.
  form: (formId: string) => ['forms', 'email-tools', formId] as const,
};

export const useEmailToolsSettings = () =>
  useQuery({ queryKey: emailToolKeys.settings, queryFn: () => apiFetch<EmailToolsSettings>('/api/email-tools') });

function useSettingsMutation<T>(send: (input: T) => Promise<EmailToolsSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (settings) => {
      queryClient.setQueryData(emailToolKeys.settings, settings);
      // Another account's audiences, forms and tags.
      await queryClient.invalidateQueries({ queryKey: ['email-tools'] });
    },
  });
}

export const useConnectEmailTool = (provider: EmailToolProvider) =>
  useSettingsMutation((apiKey: string) =>
    apiFetch<EmailToolsSettings>(`/api/email-tools/${provider}`, { method: 'PUT', json: { apiKey } }),
  );

export const useDisconnectEmailTool = (provider: EmailToolProvider) =>
  useSettingsMutation(() => apiFetch<EmailToolsSettings>(`/api/email-tools/${provider}`, { method: 'DELETE' }));

/** The connected tool's audiences (Mailchimp) or forms and tags (Kit), fresh from the provider. */
export const useEmailToolLists = (provider: EmailToolProvider, enabled: boolean) =>
  useQuery({
    queryKey: emailToolKeys.lists(provider),
    queryFn: () => apiFetch<EmailToolLists>(`/api/email-tools/${provider}/lists`),
    enabled,
    retry: false,
  });

export const useFormEmailTools = (formId: string) =>
  useQuery({
    queryKey: emailToolKeys.form(formId),
    queryFn: () => apiFetch<FormEmailTools>(`/api/forms/${encodeURIComponent(formId)}/email-tools`),
  });

export function useSaveFormEmailTools(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FormEmailTools) =>
      apiFetch<FormEmailTools>(`/api/forms/${encodeURIComponent(formId)}/email-tools`, { method: 'PUT', json: settings }),
    onSuccess: (saved) => queryClient.setQueryData(emailToolKeys.form(formId), saved),
  });
}

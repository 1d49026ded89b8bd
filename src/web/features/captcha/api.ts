import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptchaProvider } from '@/domain/captcha';
import type { CaptchaSettings, SaveCaptchaKeys } from '@/domain/captcha-api';
import { apiFetch } from '@/web/lib/api';

/** Client side of the captcha keys API (contract in src/domain/captcha-api.ts). */

export const captchaKeys = { settings: ['captcha', 'settings'] as const };

export const useCaptchaSettings = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: captchaKeys.settings, queryFn: () => apiFetch<CaptchaSettings>('/api/captcha'), enabled });

function useSettingsMutation<T>(send: (input: T) => Promise<CaptchaSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => queryClient.setQueryData(captchaKeys.settings, settings),
  });
}

export const useSaveCaptchaKeys = (provider: CaptchaProvider) =>
  useSettingsMutation((keys: SaveCaptchaKeys) =>
    apiFetch<CaptchaSettings>(`/api/captcha/${provider}`, { method: 'PUT', json: keys }),
  );

export const useRemoveCaptchaKeys = (provider: CaptchaProvider) =>
  useSettingsMutation(() => apiFetch<CaptchaSettings>(`/api/captcha/${provider}`, { method: 'DELETE' }));

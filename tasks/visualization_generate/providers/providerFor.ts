import type { Config } from '../../../core/config.ts';
import type { ImageProvider } from './provider.ts';
import { localProvider } from './local.ts';
import { httpProvider } from './http.ts';
import { openAiProvider } from './openai.ts';
import { inputMapFor, replicateProvider } from './replicate.ts';

/** The provider IMAGE_MODEL_PROVIDER names, configured from the IMAGE_MODEL_* variables. */
export function providerFor(config: Config): ImageProvider {
  const apiKey = config.IMAGE_MODEL_API_KEY;
  const timeoutMs = config.IMAGE_MODEL_TIMEOUT_MS;
  switch (config.IMAGE_MODEL_PROVIDER) {
    case 'local':
      return localProvider;
    case 'http':
      return httpProvider({ url: config.IMAGE_MODEL_URL!, apiKey, timeoutMs });
    case 'openai':
      return openAiProvider({
        baseUrl: config.IMAGE_MODEL_URL ?? 'https://api.openai.com',
        apiKey,
        model: config.IMAGE_MODEL_NAME ?? 'gpt-image-1',
        timeoutMs,
      });
    case 'replicate': {
      const model = config.IMAGE_MODEL_NAME!;
      return replicateProvider({
        baseUrl: config.IMAGE_MODEL_URL ?? 'https://api.replicate.com',
        apiKey,
        model,
        inputs: inputMapFor(model, config.IMAGE_MODEL_INPUT_MAP),
        timeoutMs,
        allowPrivate: config.IMAGE_FETCH_ALLOW_PRIVATE,
      });
    }
  }
}

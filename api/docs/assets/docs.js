// Renders the API's own OpenAPI document with the Redoc bundle served beside this file.
// Fonts are the system's: nothing on this page is fetched from anywhere but the API.
const systemFonts = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

Redoc.init(
  '/api/v1/openapi.json',
  {
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    requiredPropsFirst: true,
    showWebhookVerb: true,
    hideDownloadButton: false,
    theme: {
      typography: {
        fontFamily: systemFonts,
        headings: { fontFamily: systemFonts },
        code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
      },
    },
  },
  document.getElementById('redoc'),
);

// Starts Swagger UI on /docs over the service's own /openapi.json. "Try it out" sends requests
// to this same server; "Authorize" takes an API key (x-api-key header or apikey query).
window.addEventListener('DOMContentLoaded', () => {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    tryItOutEnabled: false,
    displayRequestDuration: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});

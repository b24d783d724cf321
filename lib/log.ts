// Structured one-line JSON logs on stdout/stderr. Errors keep their stack here, never in responses.
type Fields = Record<string, unknown>;

function serialize(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

const quiet = () => process.env.PA_LOG_LEVEL === "error";

export const logger = {
  info(message: string, fields: Fields = {}) {
    if (!quiet()) console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), message, ...serialize(fields) }));
  },
  warn(message: string, fields: Fields = {}) {
    console.warn(JSON.stringify({ level: "warn", time: new Date().toISOString(), message, ...serialize(fields) }));
  },
  error(message: string, fields: Fields = {}) {
    console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), message, ...serialize(fields) }));
  },
};

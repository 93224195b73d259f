/** The product's public identity, used in page titles, the auth welcome heading and structured data. */
export const PRODUCT_NAME = 'AgentCart';
export const PRODUCT_TAGLINE = 'Payment orchestration for AI-agent checkout';
export const SUPPORT_EMAIL = 'support@agentcart.dev';

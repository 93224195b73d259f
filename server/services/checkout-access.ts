/**
 * One read of a checkout's buyer data: which checkout, its amount and status as shown, and who read it.
 * A merchant's user reading it in the dashboard is `user_id`; an agent has no user, and is named by
 * the surface it read through and (agent API, ACP) the id of the API key it used.
 */
export interface CheckoutAccess {
  checkout_id: string;
  amount: number;
  currency: string;
  user_id: string | null;
  status: string;
  /** Default: dashboard. */
  via?: 'dashboard' | 'agent_api' | 'acp';
  key_id?: string | null;
}

export interface CheckoutAccessRecorder {
  /** Queues one access; never waits and never throws, so an agent's request is not slowed or failed. */
  record(merchantId: string, access: CheckoutAccess): void;
  /** Writes everything queued so far (a read of the log sees what this instance has recorded). */
  flush(): Promise<void>;
}

/**
 * The gate table lives in the contract (shared/contract/call-gates.ts) so the renderer shows a control
 * off with the same rule main enforces here, in `OperatorSession.gate` before any handler runs.
 */
export { callGates, type CallGate } from '../../../shared/contract/call-gates';

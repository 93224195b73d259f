// The security-monitoring feature's public entry: the dashboard's security section.
export { SecurityMonitoringSection } from './security-monitoring-section';

export { recordSecurityEvent, subjectHash } from './record-security-event';
export { BLANKED, recordSettingsChange, sanitizeDetails, type SettingsArea } from './settings-change';

export default function Page() { return <div>enterprise-calculator-page</div>; }

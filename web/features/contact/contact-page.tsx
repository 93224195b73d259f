export default function Page() { return <div>contact</div>; }
